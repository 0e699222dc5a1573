-- spec §7 country parameters with the deployment's defaults; operators change them with
-- `npm run ops -- set-country-parameter`.
insert into country_parameters (name, value) values
  ('serviceHours', '0900:2300'),
  ('onlinePaymentActivated', 'true'),
  ('orderItemValueExceedLimit', '50000'),
  ('paymentMethods', 'CASH_ON_DELIVERY|ONLINE_PAYMENT'),
  ('allOutletOrders', 'true')
on conflict (name) do nothing;
