-- A merchant who cancels for "Other reason" says why in its own words, kept on the order beside the reason.
alter table orders add column cancel_note text;
