-- The site setting's addresses hold only http(s) URLs or paths on this site (issue 12): an address
-- stored before the operator API checked them (javascript:, data:, //host, control characters) is
-- cleared, so that no player is ever sent to it.
UPDATE "settings"
SET "value" = "value" || (
  SELECT coalesce(jsonb_object_agg(field, ''), '{}'::jsonb)
  FROM unnest(ARRAY['h5_url', 'ios_download_qrcode', 'ios_download_url', 'service_url', 'visit_url']) AS field
  WHERE jsonb_exists("value", field) AND NOT (
    "value"->>field = ''
    OR "value"->>field ~* '^https?://[^/\\[:cntrl:][:space:]][^\\[:cntrl:]]*$'
    OR "value"->>field ~ '^/([^/\\[:cntrl:]][^\\[:cntrl:]]*)?$'
  )
)
WHERE "key" = 'site';
