-- 3-D Secure challenges a processor completes after the issuer's page (decision 096, CyberSource's payer
-- authentication): the browser is sent to our challenge page, which posts to the issuer's step-up page, and
-- comes back to our return URL, where the validation and the authorisation are made.
create table payment_challenges (
  -- Random and unguessable: it names the challenge in the browser's URLs (no order id, no token).
  challenge_id text primary key,
  order_id text not null unique references orders (order_id) on delete cascade,
  provider text not null,
  -- The issuer's step-up page and the fields posted to it (CyberSource: the access token as JWT).
  step_up jsonb not null,
  -- What the provider needs to finish: the authentication transaction id and the card's reference (a
  -- Microform transient token or a saved instrument id, never a card number); emptied once completed.
  resume jsonb not null,
  created_at timestamptz not null,
  completed_at timestamptz
);
