export type ResultLabel = "good" | "decent" | "bad";

/** Badge and gauge colours: white text on each passes WCAG AA (4.5:1), and each passes 3:1 against the white page. */
export const resultColours: Record<ResultLabel, string> = {
  good: "#1a7f37",
  decent: "#8a5a00",
  bad: "#cf222e",
};

export const resultWords: Record<ResultLabel, string> = {
  good: "Good",
  decent: "Decent",
  bad: "Bad",
};
