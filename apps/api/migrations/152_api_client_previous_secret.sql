-- A rotated client secret (decision 167): the previous one keeps working beside the new one until
-- previous_secret_expires_at, while the merchant's system switches; only its sha256 is kept, as for the secret.
alter table api_clients
  add column previous_secret_hash text,
  add column previous_secret_expires_at timestamptz;
