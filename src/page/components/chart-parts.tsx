/** A chart's numbers as a visually hidden table: what a screen reader reads in place of the picture. */
export const ChartTable = ({ caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] }) => (
  <table class="sr-only">
    <caption>{caption}</caption>
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col">{column}</th>
        ))}
      </tr>
    </thead>
    <tbody>
      {rows.map(([label, ...cells]) => (
        <tr>
          <th scope="row">{label}</th>
          {cells.map((cell) => (
            <td>{cell}</td>
          ))}
        </tr>
      ))}
    </tbody>
  </table>
);

export interface Plot {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The left and bottom axes of a plot, and the x axis's title centred under it. */
export const Axes = ({ plot, xLabel }: { plot: Plot; xLabel: string }) => {
  const baseline = plot.height - plot.bottom;
  return (
    <>
      <line class="axis" x1={plot.left} y1={plot.top} x2={plot.left} y2={baseline} />
      <line class="axis" x1={plot.left} y1={baseline} x2={plot.width - plot.right} y2={baseline} />
      <text class="axis-label" x={plot.left + (plot.width - plot.left - plot.right) / 2} y={plot.height - 3} text-anchor="middle">
        {xLabel}
      </text>
    </>
  );
};
