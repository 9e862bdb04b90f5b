import { describe, expect, it } from "vitest";
import { richResults } from "../../../src/analysis/checks/rich-results";
import type { Finding } from "../../../src/analysis/structured-data/finding";
import type { FeatureReport, RetiredReport } from "../../../src/analysis/structured-data/rich-results/evaluate";
import { markup, without, type Data, type Syntax } from "../../helpers/structured-markup";
import { makePage } from "../../helpers/page";

interface Value {
  features: FeatureReport[];
  retired: (RetiredReport & { note: string })[];
}
const run = (html: string) => richResults.run(makePage(`<!doctype html><html><head><title>t</title></head><body>${html}</body></html>`));
const report = (html: string, feature: string) => {
  const verdict = run(html);
  return { verdict, feature: (verdict.value as Value).features.find((f) => f.feature === feature) };
};

const person = { "@type": "Person", name: "Ada Lovelace", url: "https://example.com/ada" };
const org = { "@type": "Organization", name: "Acme" };
const rating = { "@type": "AggregateRating", ratingValue: "4.5", ratingCount: "12", bestRating: "5", worstRating: "1" };
const review = { "@type": "Review", author: person, datePublished: "2025-01-02", reviewRating: { "@type": "Rating", ratingValue: "4", bestRating: "5", worstRating: "1" } };
const offer = { "@type": "Offer", price: "19.99", priceCurrency: "EUR" };
const video = {
  "@type": "VideoObject",
  name: "Clip",
  thumbnailUrl: "https://example.com/t.jpg",
  uploadDate: "2025-01-02T08:00:00+01:00",
  contentUrl: "https://example.com/v.mp4",
  description: "A clip",
  duration: "PT1M",
  embedUrl: "https://example.com/embed",
  expires: "2030-01-01",
  hasPart: { "@type": "Clip", name: "Part", startOffset: "10", url: "https://example.com/v#t=10" },
  interactionStatistic: { "@type": "InteractionCounter", userInteractionCount: "5" },
  regionsAllowed: "NL",
};

/**
 * Each feature: an item with every required and recommended property, the required property dropped for the
 * "missing required" case and the recommended one for the "missing recommended" case (none where Google lists none).
 */
const features: { feature: string; data: Data; required?: string; recommended?: string; syntaxes?: Syntax[] }[] = [
  { feature: "Article", data: { "@type": "NewsArticle", author: person, dateModified: "2025-01-03", datePublished: "2025-01-02", headline: "Headline", image: "https://example.com/a.jpg" }, recommended: "image" },
  {
    feature: "Breadcrumb",
    data: { "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: "1", name: "Home", item: "https://example.com/" }, { "@type": "ListItem", position: "2", name: "Shoes" }] },
    required: "itemListElement",
  },
  { feature: "Carousel", data: { "@type": "ItemList", itemListElement: [{ "@type": "ListItem", position: "1", url: "https://example.com/r1" }] }, required: "itemListElement" },
  {
    feature: "Discussion forum",
    data: {
      "@type": "DiscussionForumPosting", author: person, datePublished: "2025-01-02", text: "Post", comment: { "@type": "Comment", text: "Reply" }, creativeWorkStatus: "Published",
      dateModified: "2025-01-03", headline: "Thread", interactionStatistic: { "@type": "InteractionCounter", userInteractionCount: "3" }, isPartOf: "https://example.com/forum", url: "https://example.com/t/1",
    },
    required: "datePublished",
    recommended: "headline",
  },
  {
    feature: "Education Q&A",
    data: {
      "@type": "Quiz", about: { "@type": "Thing", name: "Cells" }, educationalAlignment: { "@type": "AlignmentObject", alignmentType: "educationalSubject", targetName: "Biology" },
      hasPart: { "@type": "Question", eduQuestionType: "Flashcard", text: "What is a cell?", acceptedAnswer: { "@type": "Answer", text: "A unit" }, suggestedAnswer: { "@type": "Answer", text: "A room" } },
    },
    required: "hasPart",
    recommended: "about",
  },
  {
    feature: "Image metadata",
    data: { "@type": "ImageObject", contentUrl: "https://example.com/i.jpg", license: "https://example.com/license", acquireLicensePage: "https://example.com/buy", creditText: "Acme", creator: person, copyrightNotice: "Acme 2025" },
    required: "contentUrl",
    recommended: "acquireLicensePage",
  },
  {
    feature: "Math solver",
    data: {
      "@type": ["MathSolver", "LearningResource"], name: "Solver", url: "https://example.com/solve", usageInfo: "https://example.com/terms", inLanguage: "en", assesses: "Algebra",
      potentialAction: { "@type": "SolveMathAction", target: "https://example.com/solve?q={math_expression_string}", "mathExpression-input": "required name=math_expression_string" },
    },
    required: "usageInfo",
    recommended: "inLanguage",
  },
  {
    feature: "Organization",
    data: {
      "@type": "Organization", name: "Acme", url: "https://example.com/", logo: "https://example.com/logo.png", sameAs: "https://social.example/acme", description: "Makers",
      address: { "@type": "PostalAddress", streetAddress: "1 Main St" }, contactPoint: { "@type": "ContactPoint", telephone: "+31 20 000 0000" }, telephone: "+31 20 000 0000", email: "hi@example.com", legalName: "Acme B.V.",
    },
    recommended: "logo",
  },
  {
    feature: "Profile page",
    data: {
      "@type": "ProfilePage", dateCreated: "2020-01-01", dateModified: "2025-01-01",
      mainEntity: { "@type": "Person", name: "Ada", alternateName: "ada", identifier: "1", description: "Writer", image: "https://example.com/ada.jpg", sameAs: "https://social.example/ada", interactionStatistic: { "@type": "InteractionCounter", userInteractionCount: "9" } },
    },
    required: "mainEntity",
    recommended: "dateCreated",
  },
  {
    feature: "Q&A",
    data: {
      "@type": "QAPage",
      mainEntity: { "@type": "Question", name: "How?", answerCount: "1", acceptedAnswer: { "@type": "Answer", text: "Thus." }, author: person, datePublished: "2025-01-02", text: "How does it work?", upvoteCount: "3" },
    },
    required: "mainEntity",
  },
  {
    feature: "Subscription and paywalled content",
    data: {
      "@type": "NewsArticle", headline: "Paid", author: person, datePublished: "2025-01-02", dateModified: "2025-01-02", image: "https://example.com/a.jpg", isAccessibleForFree: "False",
      hasPart: { "@type": "WebPageElement", isAccessibleForFree: "False", cssSelector: ".paywall" },
    },
    required: "hasPart",
  },
  { feature: "Employer aggregate rating", data: { "@type": "EmployerAggregateRating", itemReviewed: org, ratingValue: "4", ratingCount: "20", bestRating: "5", worstRating: "1" }, required: "itemReviewed", recommended: "bestRating" },
  {
    feature: "Job posting",
    data: {
      "@type": "JobPosting", title: "Engineer", description: "<p>Build</p>", datePosted: "2025-01-02", hiringOrganization: org, jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Amsterdam" } },
      baseSalary: { "@type": "MonetaryAmount", currency: "EUR", value: "5000" }, directApply: "True", employmentType: "FULL_TIME", identifier: { "@type": "PropertyValue", name: "Acme", value: "1" }, jobLocationType: "TELECOMMUTE", validThrough: "2026-01-01",
    },
    required: "title",
    recommended: "validThrough",
  },
  {
    feature: "Local business",
    data: {
      "@type": "Restaurant", name: "Bistro", address: { "@type": "PostalAddress", streetAddress: "1 Main St" }, aggregateRating: rating, geo: { "@type": "GeoCoordinates", latitude: "52.37", longitude: "4.89" },
      openingHoursSpecification: { "@type": "OpeningHoursSpecification", dayOfWeek: "Monday", opens: "09:00", closes: "17:00" }, priceRange: "$$", review, telephone: "+31 20 000 0000", url: "https://example.com/",
    },
    required: "address",
    recommended: "priceRange",
  },
  { feature: "Product snippets", data: { "@type": "Product", name: "Widget", image: "https://example.com/w.jpg", review, aggregateRating: rating, offers: offer }, required: "name", recommended: "review" },
  {
    feature: "Merchant listings",
    data: {
      "@type": "Product", name: "Widget", image: "https://example.com/w.jpg", description: "A widget", sku: "W-1", brand: { "@type": "Brand", name: "Acme" }, aggregateRating: rating, review,
      offers: { ...offer, availability: "https://schema.org/InStock", itemCondition: "https://schema.org/NewCondition", hasMerchantReturnPolicy: { "@type": "MerchantReturnPolicy", applicableCountry: "NL" }, shippingDetails: { "@type": "OfferShippingDetails", shippingDestination: { "@type": "DefinedRegion", addressCountry: "NL" } } },
    },
    required: "image",
    recommended: "brand",
  },
  { feature: "Review snippet", data: { ...review, itemReviewed: { "@type": "Book", name: "A book" } }, required: "itemReviewed", recommended: "datePublished" },
  { feature: "Software app", data: { "@type": "MobileApplication", name: "App", offers: { "@type": "Offer", price: "0", priceCurrency: "EUR" }, aggregateRating: rating, applicationCategory: "GameApplication", operatingSystem: "Android" }, required: "offers", recommended: "operatingSystem" },
  {
    feature: "Vacation rental",
    data: {
      "@type": "VacationRental", name: "Cabin", identifier: "c1", image: "https://example.com/c.jpg", latitude: "52.3", longitude: "4.9", address: { "@type": "PostalAddress", streetAddress: "1 Lake Rd" },
      aggregateRating: rating, brand: { "@type": "Brand", name: "Acme" }, checkinTime: "15:00", checkoutTime: "11:00", description: "Quiet", knowsLanguage: "en", review,
      containsPlace: { "@type": "Accommodation", occupancy: { "@type": "QuantitativeValue", value: "4" }, numberOfBedrooms: "2", amenityFeature: { "@type": "LocationFeatureSpecification", name: "wifi", value: "True" } },
    },
    required: "latitude",
    recommended: "checkinTime",
  },
  {
    feature: "Dataset",
    data: {
      "@type": "Dataset", name: "Rain", description: "Rainfall per day, 1900 to 2024, in the Netherlands", creator: org, distribution: { "@type": "DataDownload", contentUrl: "https://example.com/r.csv", encodingFormat: "text/csv" },
      identifier: "doi:1", keywords: "rain", license: "https://example.com/l", sameAs: "https://example.org/rain", spatialCoverage: "Netherlands", temporalCoverage: "1900/2024", variableMeasured: "rainfall", version: "1",
    },
    required: "description",
    recommended: "license",
  },
  {
    feature: "Event",
    data: {
      "@type": "MusicEvent", name: "Concert", startDate: "2026-06-01T20:00", endDate: "2026-06-01T23:00", location: { "@type": "Place", name: "Hall", address: { "@type": "PostalAddress", addressLocality: "Utrecht" } },
      description: "Live", eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode", eventStatus: "https://schema.org/EventScheduled", image: "https://example.com/e.jpg", offers: offer, organizer: org, performer: person,
    },
    required: "startDate",
    recommended: "endDate",
  },
  { feature: "Movie", data: { "@type": "Movie", name: "Film", image: "https://example.com/f.jpg", aggregateRating: rating, dateCreated: "2020-01-01", director: person, review }, required: "image", recommended: "director" },
  {
    feature: "Recipe",
    data: {
      "@type": "Recipe", name: "Soup", image: "https://example.com/s.jpg", aggregateRating: rating, author: person, cookTime: "PT1H", datePublished: "2025-01-02", description: "Hot", keywords: "soup",
      nutrition: { "@type": "NutritionInformation", calories: "200 calories" }, prepTime: "PT10M", recipeCategory: "Dinner", recipeCuisine: "Dutch", recipeIngredient: ["water", "salt"],
      recipeInstructions: { "@type": "HowToStep", text: "Boil." }, recipeYield: "4", totalTime: "PT1H10M", video,
    },
    required: "image",
    recommended: "keywords",
  },
  { feature: "Video", data: video, required: "uploadDate", recommended: "duration" },
];

const syntaxes: Syntax[] = ["json-ld", "microdata", "rdfa"];

describe("rich_results check", () => {
  const cases = features.flatMap((f) => (f.syntaxes ?? syntaxes).map((syntax) => ({ ...f, syntax })));

  it.each(cases)("$feature in $syntax is eligible with every required and recommended property", ({ feature, data, syntax }) => {
    const { verdict, feature: found } = report(markup(syntax, data), feature);
    expect(found, JSON.stringify(verdict.value)).toMatchObject({ items: 1, eligible: 1, errors: [], warnings: [] });
    expect(verdict.passed, JSON.stringify(verdict.errors)).toBe(true);
  });

  it.each(cases.filter((c) => c.required))("$feature in $syntax is not eligible without $required, and fails", ({ feature, data, syntax, required }) => {
    const { verdict, feature: found } = report(markup(syntax, without(data, required!)), feature);
    const message = `${feature}: required "${required}" is missing`;
    expect(found).toMatchObject({ items: 1, eligible: 0 });
    expect(found!.errors.map((e: Finding) => e.message)).toContain(message);
    expect(verdict.passed).toBe(false);
    expect((verdict.errors as { ineligible: Finding[] }).ineligible).toContainEqual(expect.objectContaining({ message }));
  });

  it.each(cases.filter((c) => c.recommended))("$feature in $syntax warns without $recommended, and passes", ({ feature, data, syntax, recommended }) => {
    const { verdict, feature: found } = report(markup(syntax, without(data, recommended!)), feature);
    expect(found).toMatchObject({ items: 1, eligible: 1, errors: [] });
    expect(found!.warnings).toEqual([expect.objectContaining({ level: "warning", message: `${feature}: recommended "${recommended}" is missing` })]);
    expect(verdict.passed).toBe(true);
  });

  const retired: { feature: string; data: Data; note?: RegExp }[] = [
    { feature: "FAQ", data: { "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Why?", acceptedAnswer: { "@type": "Answer", text: "Because." } }] }, note: /no longer shows FAQ rich results \(since May 7, 2026; before, only for authoritative government and health sites\)/ },
    { feature: "How-to", data: { "@type": "HowTo", name: "Tie a knot", step: { "@type": "HowToStep", text: "Loop" } } },
    { feature: "Sitelinks search box", data: { "@type": "WebSite", url: "https://example.com/", potentialAction: { "@type": "SearchAction", target: "https://example.com/s?q={q}", "query-input": "required name=q" } } },
    { feature: "Book actions", data: { "@type": "Book", name: "B", potentialAction: { "@type": "ReadAction", target: "https://example.com/read" } } },
    { feature: "Course info", data: { "@type": "Course", name: "Intro", description: "Basics", provider: org } },
    { feature: "Claim review", data: { "@type": "ClaimReview", author: org, claimReviewed: "The moon is cheese", itemReviewed: { "@type": "Claim", name: "Cheese" }, reviewRating: { "@type": "Rating", ratingValue: "1", alternateName: "False" } } },
    { feature: "Estimated salary", data: { "@type": "Occupation", name: "Baker", estimatedSalary: { "@type": "MonetaryAmountDistribution", currency: "EUR", median: "3000" } } },
    { feature: "Learning video", data: { ...video, "@type": ["VideoObject", "LearningResource"] } },
    { feature: "Special announcement", data: { "@type": "SpecialAnnouncement", name: "Closed", datePosted: "2025-01-02" } },
    { feature: "Vehicle listing", data: { "@type": "Car", name: "Car", image: "https://example.com/car.jpg", offers: offer, review, aggregateRating: rating } },
  ];

  describe.each(retired)("retired: $feature", ({ feature, data, note }) => {
    it.each(syntaxes)("is reported as no longer shown, without failing, in %s", (syntax) => {
      const verdict = run(markup(syntax, data));
      expect(verdict.passed, JSON.stringify(verdict.errors)).toBe(true);
      expect((verdict.value as Value).retired).toContainEqual(expect.objectContaining({ feature, items: [expect.any(String)], note: note ? expect.stringMatching(note) : "Google no longer shows this rich result." }));
      expect((verdict.value as Value).features.map((f) => f.feature)).not.toContain(feature);
    });
  });

  it("judges an FAQ page's items no more: a FAQPage missing its answers neither fails nor warns (Google stopped showing FAQ results)", () => {
    const verdict = run(markup("json-ld", { "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Why?" }] }));
    expect(verdict.passed).toBe(true);
    expect((verdict.value as Value).retired).toEqual([expect.objectContaining({ feature: "FAQ" })]);
  });

  it("names each problem's item by its JSON-LD path, nested items included", () => {
    const html = markup("json-ld", { "@type": "Product", name: "Widget", image: "https://example.com/w.jpg", review: { "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: "4" } } });
    const { verdict } = report(html, "Review snippet");
    expect((verdict.errors as { ineligible: Finding[] }).ineligible).toEqual([
      { level: "error", at: "JSON-LD block 1 $.review", message: 'Review snippet: required "author" is missing', fix: 'Add "author" (Review snippet (Review, AggregateRating) structured data).' },
      expect.objectContaining({ at: "JSON-LD block 1 $.review", message: 'Review snippet: required "author.name" is missing' }),
    ]);
  });

  it("follows @id references between items (a review's author defined elsewhere on the page)", () => {
    const html =
      markup("json-ld", { "@type": "Person", "@id": "#ada", name: "Ada" }) +
      markup("json-ld", { "@type": "Review", author: { "@id": "#ada" }, itemReviewed: { "@type": "Book", name: "B" }, reviewRating: { "@type": "Rating", ratingValue: "5" } });
    expect(report(html, "Review snippet").feature).toMatchObject({ items: 1, eligible: 1, errors: [] });
  });

  it("passes a page whose structured data has no rich-result candidate, listing none", () => {
    expect(run(markup("json-ld", { "@type": "WebPage", name: "Home" }))).toEqual({ passed: true, value: { features: [], retired: [] } });
  });

  it("is not applicable without structured data", () => {
    expect(run("<p>plain</p>")).toEqual({ passed: true, value: "no structured data", applicable: false });
  });

  it("says it could not judge when the schema.org table was not read (a failed asset read), rather than passing", () => {
    const page = makePage(markup("json-ld", { "@type": "Product", name: "Shoe" }));
    expect(richResults.run({ ...page, fetch: { ...page.fetch, schemaVocabulary: null } })).toEqual({
      passed: true,
      value: "the schema.org vocabulary could not be read",
      applicable: false,
    });
  });
});
