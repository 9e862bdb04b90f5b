/**
 * The one map from Lighthouse 13.5 audits to the checks that mirror them (docs/analysis.md "Lighthouse"). Lighthouse
 * passes an audit when every check listed passes; its "not applicable" is our pass.
 */
export const mirroredAudits: Record<string, readonly string[]> = {
  "meta-description": ["meta_description"],
  "http-status-code": ["http_status"],
  "link-text": ["link_text"],
  "crawlable-anchors": ["crawlable_anchors"],
  "image-alt": ["image_alt"],
  hreflang: ["hreflang"],
  canonical: ["canonical"],
  "is-crawlable": ["indexable", "robots_txt_allowed"],
  "robots-txt": ["robots_txt_valid"],
  "llms-txt": ["llms_txt"],
};
