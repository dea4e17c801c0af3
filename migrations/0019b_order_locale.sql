-- Issue 25: the buyer's language on the order, so that e-mails about it that no checkout session carries
-- (a failed bank transfer, checkout.session.async_payment_failed) are in that language. Orders made
-- before this are English, as their e-mails were.
ALTER TABLE `orders` ADD `locale` text DEFAULT 'en' NOT NULL;
