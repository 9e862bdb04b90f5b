-- Stored `results` in the compact form of src/reports/results-codec.ts: an entry of a check the registry knows,
-- with the registry's category and importance, becomes [passed, value] or [passed, value, errors]; any other
-- entry keeps its whole object. D1 has no compression in SQL: the consumer writes compressed BLOBs from now on,
-- and the codec reads the compact TEXT this leaves as well. The registry below is src/analysis/checks as of
-- this migration; the codec fills category and importance back in from the registry of the day.
WITH registry(id, category, importance) AS (VALUES
    ('title', 'seo', 'high'),
    ('meta_description', 'seo', 'high'),
    ('meta_description_length', 'seo', 'low'),
    ('headings', 'seo', 'high'),
    ('heading_order', 'seo', 'low'),
    ('content_keywords', 'seo', 'high'),
    ('image_alt', 'seo', 'high'),
    ('seo_friendly_url', 'seo', 'high'),
    ('not_found_page', 'seo', 'high'),
    ('robots_txt_allowed', 'seo', 'high'),
    ('robots_txt_valid', 'seo', 'medium'),
    ('indexable', 'seo', 'high'),
    ('http_status', 'seo', 'high'),
    ('in_page_links', 'seo', 'medium'),
    ('link_text', 'seo', 'medium'),
    ('crawlable_anchors', 'seo', 'medium'),
    ('language', 'seo', 'medium'),
    ('hreflang', 'seo', 'medium'),
    ('canonical', 'seo', 'medium'),
    ('favicon', 'seo', 'medium'),
    ('text_compression', 'performance', 'high'),
    ('load_time', 'performance', 'medium'),
    ('page_size', 'performance', 'medium'),
    ('http_requests', 'performance', 'medium'),
    ('image_format', 'performance', 'medium'),
    ('image_dimensions', 'performance', 'low'),
    ('defer_javascript', 'performance', 'low'),
    ('dom_size', 'performance', 'low'),
    ('doctype', 'performance', 'medium'),
    ('https', 'security', 'high'),
    ('mixed_content', 'security', 'medium'),
    ('server_signature', 'security', 'medium'),
    ('unsafe_cross_origin_links', 'security', 'medium'),
    ('hsts', 'security', 'low'),
    ('security_headers', 'security', 'low'),
    ('plaintext_email', 'security', 'low'),
    ('structured_data', 'miscellaneous', 'medium'),
    ('structured_data_valid', 'miscellaneous', 'medium'),
    ('meta_viewport', 'miscellaneous', 'medium'),
    ('charset', 'miscellaneous', 'medium'),
    ('sitemap', 'miscellaneous', 'low'),
    ('social', 'miscellaneous', 'low'),
    ('open_graph', 'miscellaneous', 'low'),
    ('twitter_card', 'miscellaneous', 'low'),
    ('content_length', 'miscellaneous', 'low'),
    ('text_html_ratio', 'miscellaneous', 'low'),
    ('inline_css', 'miscellaneous', 'low'),
    ('deprecated_html_tags', 'miscellaneous', 'low')
)
UPDATE reports SET results = (
  SELECT json_group_object(
    e.key,
    CASE
      WHEN r.id IS NOT NULL AND e.value ->> '$.category' = r.category AND e.value ->> '$.importance' = r.importance THEN
        CASE
          WHEN json_type(e.value, '$.errors') IS NULL THEN json_array(e.value -> '$.passed', e.value -> '$.value')
          ELSE json_array(e.value -> '$.passed', e.value -> '$.value', e.value -> '$.errors')
        END
      ELSE json(e.value)
    END
  )
  FROM json_each(reports.results) AS e LEFT JOIN registry AS r ON r.id = e.key
)
WHERE typeof(results) = 'text' AND json_valid(results) AND json_type(results) = 'object';
