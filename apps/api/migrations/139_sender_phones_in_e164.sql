-- spec §3: a vendor's sender phone is stored in E.164 like a guest's (packages/domain/src/phone.ts,
-- senderPhoneNumber). Orders placed before kept the vendor's contact phone as its digits only: '03001234567'.
-- Each becomes the E.164 of the vendor's country, read as libphonenumber reads it: a national number with its
-- trunk prefix 0 ('0300 1234567'), the international digits without their + ('923001234567'), or the national
-- number alone ('91234567' in Singapore). Rows already in E.164, and text that is no number, stay as they are.
-- Running it again changes nothing.
with countries (country_code, calling_code, has_trunk_prefix) as (
  values ('PK', '92', true), ('SG', '65', false), ('MY', '60', true), ('TH', '66', true),
         ('TW', '886', true), ('HK', '852', false), ('BD', '880', true), ('KW', '965', false)
)
update orders o
   set sender_phone = '+' || case
         when c.has_trunk_prefix and o.sender_phone like '0%' then c.calling_code || substring(o.sender_phone from 2)
         -- The international digits are longer than any national number of these countries with its code.
         when o.sender_phone like c.calling_code || '%' and length(o.sender_phone) >= length(c.calling_code) + 8
           then o.sender_phone
         else c.calling_code || o.sender_phone
       end
  from vendors v
  join countries c on c.country_code = upper(v.country_code)
 where v.vendor_id = o.vendor_id
   and o.sender_phone ~ '^[0-9]{7,15}$';
