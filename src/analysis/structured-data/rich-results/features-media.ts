import type { FeatureRule, RetiredRule } from "./rule";

/** Events, recipes, films, videos and data. */
export const mediaFeatures: readonly FeatureRule[] = [
  {
    feature: "Dataset",
    source: "Dataset (Dataset, DataCatalog, DataDownload) structured data",
    types: ["Dataset"],
    required: ["description", "name"],
    recommended: ["creator", "distribution", "identifier", "keywords", "license", "sameAs", "spatialCoverage", "temporalCoverage", "variableMeasured", "version"],
  },
  {
    feature: "Event",
    source: "Event (Event) structured data",
    types: ["Event"],
    required: ["location", "name", "startDate"],
    recommended: ["description", "endDate", "eventAttendanceMode", "eventStatus", "image", "offers", "organizer", "performer"],
  },
  {
    feature: "Movie",
    source: "Movie carousel (Movie) structured data",
    types: ["Movie"],
    required: ["image", "name"],
    recommended: ["aggregateRating", "dateCreated", "director", "review"],
  },
  {
    feature: "Recipe",
    source: "Recipe (Recipe) structured data",
    types: ["Recipe"],
    required: ["image", "name"],
    recommended: [
      "aggregateRating", "author", "cookTime", "datePublished", "description", "keywords", "nutrition.calories", "prepTime",
      "recipeCategory", "recipeCuisine", "recipeIngredient", "recipeInstructions", "recipeYield", "totalTime", "video",
    ],
  },
  {
    feature: "Video",
    source: "Video (VideoObject, Clip, BroadcastEvent) structured data",
    types: ["VideoObject"],
    required: ["name", "thumbnailUrl", "uploadDate"],
    recommended: ["contentUrl", "description", "duration", "embedUrl", "expires", "hasPart", "interactionStatistic", "regionsAllowed"],
  },
];

const SIMPLIFYING = "Simplifying the search results page (Google Search Central Blog)";

/** Features Google has stopped showing: their markup does no harm, and no longer earns a rich result. */
export const retiredFeatures: readonly RetiredRule[] = [
  // Google's FAQ page: "As of May 7, 2026, FAQ rich results are no longer appearing in Google Search" (before that,
  // only for well-known, authoritative government and health sites).
  {
    feature: "FAQ",
    source: "FAQ (FAQPage, Question, Answer) structured data",
    types: ["FAQPage"],
    note: "Google no longer shows FAQ rich results (since May 7, 2026; before, only for authoritative government and health sites).",
  },
  { feature: "How-to", source: "Changes to HowTo and FAQ rich results (Google Search Central Blog)", types: ["HowTo"] },
  { feature: "Sitelinks search box", source: "Saying goodbye to the sitelinks search box (Google Search Central Blog)", types: ["WebSite"], when: { path: "potentialAction", values: ["SearchAction"] } },
  { feature: "Book actions", source: SIMPLIFYING, types: ["Book"], when: { path: "potentialAction", values: ["ReadAction", "BorrowAction"] } },
  { feature: "Course info", source: SIMPLIFYING, types: ["Course"] },
  { feature: "Claim review", source: SIMPLIFYING, types: ["ClaimReview"] },
  { feature: "Estimated salary", source: SIMPLIFYING, types: ["Occupation", "OccupationAggregationByEmployer"], when: { path: "estimatedSalary" } },
  { feature: "Learning video", source: SIMPLIFYING, types: ["VideoObject"], when: { path: "@type", values: ["LearningResource"] } },
  { feature: "Special announcement", source: SIMPLIFYING, types: ["SpecialAnnouncement"] },
  { feature: "Vehicle listing", source: SIMPLIFYING, types: ["Vehicle"], when: { path: "offers" } },
];
