CREATE TABLE `states` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`sales` text NOT NULL,
	`opens_on` text,
	`taxes` text NOT NULL,
	`limit_scope` text NOT NULL,
	`delivery_start` text NOT NULL,
	`delivery_end` text NOT NULL,
	`sources` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `states_code_unique` ON `states` (`code`);

--> statement-breakpoint
-- D38: the states' rules as checked on 2026-11-28 (docs/product-rules.md); the owner edits them in the admin.
INSERT INTO `states` (`code`, `name`, `sales`, `opens_on`, `taxes`, `limit_scope`, `delivery_start`, `delivery_end`, `sources`) VALUES ('DC', 'Washington DC', 'patients', NULL, '[]', 'day', '09:00', '21:00', '{"sales": {"source": "22-C DCMR \u00a75703.2: a dispensary may deliver only to a qualifying patient or caregiver registered in the District''s medical program (or a non-resident qualifying patient with a valid card)", "checkedOn": "2026-11-28", "toConfirm": false}, "opensOn": {"source": "22-C DCMR \u00a75703.2: delivery to registered patients is allowed now", "checkedOn": "2026-11-28", "toConfirm": false}, "taxes": {"source": "DC sales tax on medical cannabis not confirmed; no tax line until it is", "checkedOn": "2026-11-28", "toConfirm": true}, "limitScope": {"source": "DC medical program possession and purchase limits not confirmed; counted per person per day", "checkedOn": "2026-11-28", "toConfirm": true}, "deliveryHours": {"source": "The shop''s own hours (D24); no state limit on delivery hours was confirmed", "checkedOn": "2026-11-28", "toConfirm": true}}');
--> statement-breakpoint
INSERT INTO `states` (`code`, `name`, `sales`, `opens_on`, `taxes`, `limit_scope`, `delivery_start`, `delivery_end`, `sources`) VALUES ('MD', 'Maryland', 'adult', '2023-07-01', '[{"name": "Maryland cannabis sales and use tax", "basisPoints": 1200, "appliesTo": "goods"}]', 'day', '09:00', '21:00', '{"sales": {"source": "Cannabis Reform Act (2023): adult-use sales to adults 21+ from 1 July 2023", "checkedOn": "2026-11-28", "toConfirm": false}, "opensOn": {"source": "Cannabis Reform Act (2023): adult-use sales from 1 July 2023", "checkedOn": "2026-11-28", "toConfirm": false}, "taxes": {"source": "HB 352 (Budget Reconciliation and Financing Act of 2025): 12 % from 1 July 2025 (was 9 %); whether it applies to the delivery fee, and the medical-patient exemption, are to confirm", "checkedOn": "2026-11-28", "toConfirm": true}, "limitScope": {"source": "Counted per person per day, as dispensary POS systems do, so two orders cannot double a limit (our decision); the amounts are D15", "checkedOn": "2026-11-28", "toConfirm": false}, "deliveryHours": {"source": "The shop''s own hours (D24); no state limit on delivery hours was confirmed", "checkedOn": "2026-11-28", "toConfirm": true}}');
--> statement-breakpoint
INSERT INTO `states` (`code`, `name`, `sales`, `opens_on`, `taxes`, `limit_scope`, `delivery_start`, `delivery_end`, `sources`) VALUES ('VA', 'Virginia', 'closed', NULL, '[]', 'day', '09:00', '21:00', '{"sales": {"source": "No licensed retail sales: the 2026 retail market bill (identical to SB 542) allows none before 1 January 2027", "checkedOn": "2026-11-28", "toConfirm": false}, "opensOn": {"source": "Opening date not confirmed: the 2026 bill says not before 1 January 2027; a later start (1 July 2027) was proposed", "checkedOn": "2026-11-28", "toConfirm": true}, "taxes": {"source": "Proposed 8 % state excise plus up to 3.5 % local; not in force", "checkedOn": "2026-11-28", "toConfirm": true}, "limitScope": {"source": "No retail limits in force yet", "checkedOn": "2026-11-28", "toConfirm": true}, "deliveryHours": {"source": "The shop''s own hours (D24); no state limit on delivery hours was confirmed", "checkedOn": "2026-11-28", "toConfirm": true}}');
