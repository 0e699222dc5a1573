-- A search that names one whole phone number (docs/decisions/101-whole-phone-search.md) compares the stored
-- number's digits whole: an ordinary btree index on the very expression the search compares finds its few
-- orders directly, where the trigram index (migration 090) must read every order whose number shares the
-- search's common trigrams (every number of a country begins with the same few digits).
create index orders_customer_phone_digits_idx on orders (translate(customer_phone, '+ ()-', ''));
