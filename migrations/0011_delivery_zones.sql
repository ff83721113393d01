CREATE TABLE `delivery_zone_zips` (
	`zip` text PRIMARY KEY NOT NULL,
	`zone_id` integer NOT NULL,
	FOREIGN KEY (`zone_id`) REFERENCES `delivery_zones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `delivery_zone_zips_zone_idx` ON `delivery_zone_zips` (`zone_id`);--> statement-breakpoint
CREATE TABLE `delivery_zones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`state` text NOT NULL,
	`name` text NOT NULL,
	`fee_cents` integer,
	`minimum_cents` integer,
	`free_from_cents` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
-- D31: the shop's service areas, the places its landing pages name, as zones. Reference data every
-- database needs (checkout refuses a ZIP no zone covers), so it ships as a migration like the
-- purchase limits of 0003, for a new and an existing shop alike. ZIP codes: USPS ZIP Code lookup
-- (tools.usps.com, "Cities by ZIP Code") and the U.S. Census Bureau's ZCTA lists, one 5-digit ZIP
-- per delivery area of each named place. Fees, minimums and free-from thresholds in cents; null
-- takes D3's default (fee, threshold) or means no minimum. Staff change them as data.
INSERT INTO `delivery_zones` (`id`, `state`, `name`, `fee_cents`, `minimum_cents`, `free_from_cents`) VALUES
  (1, 'DC', 'Downtown & Northwest DC', NULL, NULL, NULL),
  (2, 'DC', 'Capitol Hill & the Waterfront', NULL, NULL, NULL),
  (3, 'DC', 'Uptown & Northeast DC', NULL, 2500, NULL),
  (4, 'MD', 'Close-in Montgomery County', NULL, NULL, NULL),
  (5, 'MD', 'Upcounty Montgomery County', 1299, 3000, NULL),
  (6, 'MD', 'Prince George''s & Laurel', NULL, 2500, NULL),
  (7, 'MD', 'Baltimore & Columbia', 1499, 5000, 10000),
  (8, 'MD', 'Annapolis & Frederick', 1999, 7500, 15000),
  (9, 'VA', 'Arlington & Alexandria', NULL, NULL, NULL),
  (10, 'VA', 'Fairfax County', NULL, 3000, NULL),
  (11, 'VA', 'Richmond', 1499, 5000, 10000),
  (12, 'VA', 'Hampton Roads', 1999, 7500, 15000);
--> statement-breakpoint
INSERT INTO `delivery_zone_zips` (`zip`, `zone_id`) VALUES
  -- Shaw, Chinatown, Penn Quarter, Downtown, Logan Circle, Foggy Bottom, Georgetown, Dupont Circle, Adams Morgan
  ('20001', 1), ('20004', 1), ('20005', 1), ('20006', 1), ('20007', 1), ('20009', 1), ('20036', 1), ('20037', 1),
  -- Capitol Hill, H Street Corridor, Northeast DC, Navy Yard, Southwest DC
  ('20002', 2), ('20003', 2), ('20024', 2),
  -- Columbia Heights, Petworth, Northeast DC (Brookland, Woodridge)
  ('20010', 3), ('20011', 3), ('20017', 3), ('20018', 3),
  -- Bethesda, Silver Spring, Wheaton, Takoma Park, Rockville
  ('20814', 4), ('20816', 4), ('20817', 4),
  ('20901', 4), ('20902', 4), ('20903', 4), ('20904', 4), ('20910', 4), ('20906', 4), ('20912', 4),
  ('20850', 4), ('20851', 4), ('20852', 4), ('20853', 4),
  -- Gaithersburg, Germantown
  ('20877', 5), ('20878', 5), ('20879', 5), ('20874', 5), ('20876', 5),
  -- College Park, Greenbelt, Hyattsville, Bowie, Laurel
  ('20740', 6), ('20770', 6), ('20781', 6), ('20782', 6), ('20783', 6), ('20784', 6),
  ('20715', 6), ('20716', 6), ('20720', 6), ('20721', 6), ('20707', 6), ('20708', 6), ('20723', 6), ('20724', 6),
  -- Baltimore, Columbia
  ('21201', 7), ('21202', 7), ('21205', 7), ('21206', 7), ('21211', 7), ('21212', 7), ('21213', 7), ('21214', 7),
  ('21215', 7), ('21216', 7), ('21217', 7), ('21218', 7), ('21223', 7), ('21224', 7), ('21230', 7), ('21231', 7),
  ('21044', 7), ('21045', 7), ('21046', 7),
  -- Annapolis, Frederick
  ('21401', 8), ('21403', 8), ('21701', 8), ('21702', 8), ('21703', 8), ('21704', 8),
  -- Arlington, Alexandria
  ('22201', 9), ('22202', 9), ('22203', 9), ('22204', 9), ('22205', 9), ('22206', 9), ('22207', 9), ('22209', 9), ('22213', 9),
  ('22301', 9), ('22302', 9), ('22304', 9), ('22305', 9), ('22311', 9), ('22312', 9), ('22314', 9),
  -- Fairfax, Falls Church, Annandale, Springfield, McLean, Reston
  ('22030', 10), ('22031', 10), ('22032', 10), ('22041', 10), ('22042', 10), ('22043', 10), ('22044', 10), ('22046', 10),
  ('22003', 10), ('22150', 10), ('22151', 10), ('22152', 10), ('22153', 10), ('22101', 10), ('22102', 10),
  ('20190', 10), ('20191', 10), ('20194', 10),
  -- Richmond
  ('23219', 11), ('23220', 11), ('23221', 11), ('23222', 11), ('23223', 11), ('23224', 11), ('23225', 11), ('23226', 11),
  ('23227', 11), ('23230', 11),
  -- Virginia Beach, Norfolk, Chesapeake, Portsmouth, Suffolk, Hampton, Newport News
  ('23451', 12), ('23452', 12), ('23454', 12), ('23455', 12), ('23456', 12), ('23462', 12), ('23464', 12),
  ('23502', 12), ('23503', 12), ('23504', 12), ('23505', 12), ('23507', 12), ('23508', 12), ('23509', 12), ('23510', 12),
  ('23511', 12), ('23513', 12), ('23517', 12), ('23518', 12),
  ('23320', 12), ('23321', 12), ('23322', 12), ('23323', 12), ('23324', 12), ('23325', 12),
  ('23701', 12), ('23702', 12), ('23703', 12), ('23704', 12), ('23707', 12),
  ('23432', 12), ('23434', 12), ('23435', 12), ('23436', 12), ('23437', 12), ('23438', 12),
  ('23661', 12), ('23663', 12), ('23664', 12), ('23666', 12), ('23669', 12),
  ('23601', 12), ('23602', 12), ('23606', 12), ('23607', 12), ('23608', 12);
