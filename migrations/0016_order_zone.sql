ALTER TABLE `orders` ADD `zone_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `zone_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `zone_state` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `zone_fee_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `zone_minimum_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `zone_free_from_cents` integer;--> statement-breakpoint
-- D31: orders placed before this migration did not record their zone. They take the zone their
-- ZIP belongs to in delivery_zone_zips when the migration runs (an inactive zone included), with
-- that zone's name, state and rules resolved as checkout resolves them (delivery/zones.ts
-- zoneRule): an empty fee or free-from threshold is D3's default, 999 and 5000 cents being
-- PRICING.deliveryFeeCents and PRICING.freeDeliveryThresholdCents (src/features/site/settings.ts)
-- when this migration was written; an empty minimum stays empty (no minimum). An order whose ZIP
-- is in no zone keeps nulls, which the zones report (R4) shows as 'No zone'. The fee the order
-- was charged stays in delivery_fee_cents; only the zone it is counted under is filled here.
UPDATE `orders` SET
  (`zone_id`, `zone_name`, `zone_state`, `zone_fee_cents`, `zone_minimum_cents`, `zone_free_from_cents`) = (
    SELECT z.`id`, z.`name`, z.`state`, coalesce(z.`fee_cents`, 999), z.`minimum_cents`, coalesce(z.`free_from_cents`, 5000)
    FROM `delivery_zone_zips` zz JOIN `delivery_zones` z ON z.`id` = zz.`zone_id`
    WHERE zz.`zip` = `orders`.`delivery_zip_code`
  )
WHERE `zone_id` IS NULL AND `delivery_zip_code` IN (SELECT `zip` FROM `delivery_zone_zips`);
