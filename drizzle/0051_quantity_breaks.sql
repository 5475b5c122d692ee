-- Quantity breaks in a trade account's price list (decision 101's addendum).
ALTER TABLE "trade_accounts" ADD COLUMN "quantity_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;