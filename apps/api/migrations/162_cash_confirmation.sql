-- Issue 37, decision 175: a cash order waits for its customer's confirmation before a rider is sent.

-- Minutes a cash-on-delivery order of the outlet waits for its customer to confirm; null: no confirmation asked.
alter table vendors add column cash_confirmation_minutes integer;

-- Not a status (decision 175): the order is NEW, then RECEIVED as ever, and the dispatcher does not release it
-- while this is 'awaiting'. 'confirmed' by the customer (reply or link) or the merchant; 'expired' when the time ran
-- out and the order was cancelled.
alter table orders add column customer_confirmation text
  check (customer_confirmation in ('awaiting', 'confirmed', 'expired'));
alter table orders add column confirm_by timestamptz;
alter table orders add column customer_confirmed_at timestamptz;
-- customer_reply, customer_link or merchant.
alter table orders add column customer_confirmed_by text;

-- The dispatcher's look-up of confirmations that ran out.
create index orders_awaiting_confirmation_idx on orders (confirm_by) where customer_confirmation = 'awaiting';
