-- Parts catalog, by hand: drizzle-kit does not generate triggers or data
-- (docs/decisions/016-parts-catalog-and-fitment.md).

-- A product's category, part numbers and fitment are part of every catalog answer, so their
-- changes are announced like the tools table's (0004), and the catalog's answer cache forgets them.
CREATE TRIGGER categories_insert_announced AFTER INSERT ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER categories_update_announced AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER categories_delete_announced AFTER DELETE ON categories
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER part_numbers_insert_announced AFTER INSERT ON part_numbers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER part_numbers_update_announced AFTER UPDATE ON part_numbers
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER part_numbers_delete_announced AFTER DELETE ON part_numbers
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER fitments_insert_announced AFTER INSERT ON fitments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER fitments_update_announced AFTER UPDATE ON fitments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER fitments_delete_announced AFTER DELETE ON fitments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint

-- The vehicles the picker offers, shipped with the store: common makes and models sold in North
-- America, one row per model year and engine. (make, model, first year, last year, engine).
INSERT INTO vehicles (year, make, model, engine)
SELECT y, make, model, engine
FROM (VALUES
  ('Honda', 'Civic', 2006, 2015, '1.8L I4'),
  ('Honda', 'Civic', 2016, 2025, '2.0L I4'),
  ('Honda', 'Civic', 2016, 2025, '1.5L Turbo I4'),
  ('Honda', 'Accord', 2008, 2017, '2.4L I4'),
  ('Honda', 'Accord', 2008, 2017, '3.5L V6'),
  ('Honda', 'Accord', 2018, 2025, '1.5L Turbo I4'),
  ('Honda', 'Accord', 2018, 2022, '2.0L Turbo I4'),
  ('Honda', 'CR-V', 2007, 2016, '2.4L I4'),
  ('Honda', 'CR-V', 2017, 2025, '1.5L Turbo I4'),
  ('Honda', 'Pilot', 2009, 2022, '3.5L V6'),
  ('Toyota', 'Camry', 2007, 2011, '2.4L I4'),
  ('Toyota', 'Camry', 2007, 2017, '3.5L V6'),
  ('Toyota', 'Camry', 2010, 2017, '2.5L I4'),
  ('Toyota', 'Camry', 2018, 2025, '2.5L I4'),
  ('Toyota', 'Camry', 2018, 2024, '3.5L V6'),
  ('Toyota', 'Corolla', 2009, 2018, '1.8L I4'),
  ('Toyota', 'Corolla', 2019, 2025, '1.8L I4'),
  ('Toyota', 'Corolla', 2019, 2025, '2.0L I4'),
  ('Toyota', 'RAV4', 2013, 2025, '2.5L I4'),
  ('Toyota', 'Tacoma', 2005, 2015, '4.0L V6'),
  ('Toyota', 'Tacoma', 2016, 2023, '3.5L V6'),
  ('Toyota', 'Tacoma', 2005, 2023, '2.7L I4'),
  ('Toyota', 'Tundra', 2007, 2021, '5.7L V8'),
  ('Ford', 'F-150', 2009, 2010, '5.4L V8'),
  ('Ford', 'F-150', 2011, 2025, '5.0L V8'),
  ('Ford', 'F-150', 2011, 2025, '3.5L EcoBoost V6'),
  ('Ford', 'F-150', 2015, 2020, '2.7L EcoBoost V6'),
  ('Ford', 'F-150', 2018, 2020, '3.3L V6'),
  ('Ford', 'Escape', 2013, 2019, '1.5L EcoBoost I4'),
  ('Ford', 'Escape', 2013, 2019, '2.0L EcoBoost I4'),
  ('Ford', 'Escape', 2020, 2025, '1.5L EcoBoost I3'),
  ('Ford', 'Mustang', 2011, 2014, '3.7L V6'),
  ('Ford', 'Mustang', 2011, 2025, '5.0L V8'),
  ('Ford', 'Mustang', 2015, 2025, '2.3L EcoBoost I4'),
  ('Ford', 'Explorer', 2011, 2019, '3.5L V6'),
  ('Ford', 'Explorer', 2020, 2025, '2.3L EcoBoost I4'),
  ('Ford', 'Focus', 2012, 2018, '2.0L I4'),
  ('Chevrolet', 'Silverado 1500', 2014, 2025, '5.3L V8'),
  ('Chevrolet', 'Silverado 1500', 2014, 2018, '4.3L V6'),
  ('Chevrolet', 'Silverado 1500', 2019, 2025, '2.7L Turbo I4'),
  ('Chevrolet', 'Equinox', 2010, 2017, '2.4L I4'),
  ('Chevrolet', 'Equinox', 2018, 2025, '1.5L Turbo I4'),
  ('Chevrolet', 'Malibu', 2013, 2015, '2.5L I4'),
  ('Chevrolet', 'Malibu', 2016, 2025, '1.5L Turbo I4'),
  ('Nissan', 'Altima', 2007, 2018, '2.5L I4'),
  ('Nissan', 'Altima', 2019, 2025, '2.5L I4'),
  ('Nissan', 'Altima', 2007, 2018, '3.5L V6'),
  ('Nissan', 'Rogue', 2008, 2020, '2.5L I4'),
  ('Nissan', 'Rogue', 2021, 2025, '1.5L Turbo I3'),
  ('Nissan', 'Sentra', 2013, 2025, '1.8L I4'),
  ('Hyundai', 'Elantra', 2011, 2016, '1.8L I4'),
  ('Hyundai', 'Elantra', 2017, 2025, '2.0L I4'),
  ('Hyundai', 'Tucson', 2016, 2021, '2.0L I4'),
  ('Hyundai', 'Sonata', 2015, 2019, '2.4L I4'),
  ('Kia', 'Optima', 2011, 2020, '2.4L I4'),
  ('Kia', 'Sorento', 2016, 2020, '2.4L I4'),
  ('Kia', 'Soul', 2014, 2019, '2.0L I4'),
  ('Jeep', 'Wrangler', 2012, 2025, '3.6L V6'),
  ('Jeep', 'Grand Cherokee', 2011, 2021, '3.6L V6'),
  ('Jeep', 'Grand Cherokee', 2011, 2021, '5.7L V8'),
  ('Jeep', 'Cherokee', 2014, 2023, '2.4L I4'),
  ('Ram', '1500', 2013, 2025, '5.7L V8'),
  ('Ram', '1500', 2013, 2025, '3.6L V6'),
  ('Subaru', 'Outback', 2010, 2019, '2.5L H4'),
  ('Subaru', 'Outback', 2020, 2025, '2.5L H4'),
  ('Subaru', 'Forester', 2014, 2025, '2.5L H4'),
  ('Subaru', 'Impreza', 2012, 2025, '2.0L H4'),
  ('Volkswagen', 'Jetta', 2011, 2018, '1.4L Turbo I4'),
  ('Volkswagen', 'Jetta', 2019, 2025, '1.5L Turbo I4'),
  ('Volkswagen', 'Golf', 2015, 2021, '1.8L Turbo I4'),
  ('Mazda', 'Mazda3', 2014, 2025, '2.5L I4'),
  ('Mazda', 'CX-5', 2013, 2025, '2.5L I4'),
  ('GMC', 'Sierra 1500', 2014, 2025, '5.3L V8'),
  ('Dodge', 'Charger', 2011, 2023, '3.6L V6'),
  ('Dodge', 'Charger', 2011, 2023, '5.7L V8'),
  ('Tesla', 'Model 3', 2017, 2025, 'Electric'),
  ('Tesla', 'Model Y', 2020, 2025, 'Electric')
) AS ranges(make, model, year_from, year_to, engine),
LATERAL generate_series(year_from, year_to) AS y
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- The category tree, shipped with the store like the vehicles: the home page's Lights, Wheels and
-- Tires cards open these. Parents first (the foreign key checks each row as it goes in).
INSERT INTO categories (slug, name, parent_slug, description, image, position) VALUES
  ('tools', 'Tools and Equipment', NULL, 'Hand and power tools, lifting gear and diagnostics for the home garage and the shop.', '/images/tools/socket-set.svg', 0),
  ('hand-tools', 'Hand Tools', 'tools', 'Torque wrenches, sockets and ratchets.', '/images/tools/torque-wrench.svg', 1),
  ('power-tools', 'Power Tools', 'tools', 'Cordless impact wrenches and drivers.', '/images/tools/impact-wrench.svg', 2),
  ('lifting', 'Jacks and Stands', 'tools', 'Floor jacks and jack stands rated for cars, SUVs and trucks.', '/images/tools/floor-jack.svg', 3),
  ('diagnostics', 'Diagnostics and Electrical', 'tools', 'Code scanners, gauges and battery chargers.', '/images/tools/obd2-scanner.svg', 4),
  ('parts', 'Replacement Parts', NULL, 'Parts matched to your vehicle: lights, brakes, wheels and tires.', '/images/tools/brake-pad-set.svg', 5),
  ('lights', 'Lights', 'parts', 'Headlight, high-beam and fog bulbs in the sizes your vehicle takes.', '/images/categories/lights.svg', 6),
  ('brakes', 'Brakes', 'parts', 'Brake pads for cars, SUVs and trucks.', '/images/tools/brake-pad-set.svg', 7),
  ('wheels', 'Wheels', 'parts', 'Alloy wheels by bolt pattern and size.', '/images/categories/wheels.svg', 8),
  ('tires', 'Tires', 'parts', 'All-season, winter and all-terrain tires by size.', '/images/categories/tires.svg', 9)
ON CONFLICT DO NOTHING;
