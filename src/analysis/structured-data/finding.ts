/** One problem of one item, as both structured-data checks report it and the report page shows it beside the item. */
export interface Finding {
  level: "error" | "warning";
  /** The item's location (Item.at). */
  at: string;
  property?: string;
  message: string;
  fix: string;
}
