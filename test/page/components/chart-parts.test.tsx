import { describe, expect, it } from "vitest";
import { Axes, ChartTable } from "../../../src/page/components/chart-parts";

describe("ChartTable", () => {
  it("gives a screen reader the chart's numbers as a hidden table, each row headed by its label", () => {
    const markup = String(<ChartTable caption="Scores <by> day" columns={["Day", "Score"]} rows={[["Mon", 80], ["Tue", 91]]} />);
    expect(markup).toContain('<table class="sr-only"><caption>Scores &lt;by&gt; day</caption>');
    expect(markup).toContain('<th scope="col">Day</th><th scope="col">Score</th>');
    expect(markup).toContain('<tr><th scope="row">Mon</th><td>80</td></tr><tr><th scope="row">Tue</th><td>91</td></tr>');
  });
});

describe("Axes", () => {
  it("draws the left and bottom axes inside the plot's margins and centres the x title", () => {
    const markup = String(<Axes plot={{ width: 200, height: 100, left: 30, right: 10, top: 5, bottom: 20 }} xLabel="Date" />);
    expect(markup).toContain('<line class="axis" x1="30" y1="5" x2="30" y2="80"></line>');
    expect(markup).toContain('<line class="axis" x1="30" y1="80" x2="190" y2="80"></line>');
    expect(markup).toContain('<text class="axis-label" x="110" y="97" text-anchor="middle">Date</text>');
  });
});
