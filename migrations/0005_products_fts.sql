-- Issue 7: full-text search over name, description, category, strain, effects and flavour (FTS5),
-- kept in step with product edits by triggers. rowid = products.id. Prefix indexes make the live
-- search's "as you type" prefixes cheap.
CREATE VIRTUAL TABLE `products_fts` USING fts5(
  `name`, `description`, `category`, `strain`, `effects`, `flavor`,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
--> statement-breakpoint
INSERT INTO `products_fts` (`rowid`, `name`, `description`, `category`, `strain`, `effects`, `flavor`)
SELECT p.`id`, p.`name`, p.`description`, c.`name`, coalesce(s.`name`, '') || ' ' || coalesce(p.`strain_type`, ''), p.`effects`, coalesce(p.`flavor`, '')
FROM `products` p
JOIN `categories` c ON c.`id` = p.`category_id`
LEFT JOIN `categories` s ON s.`id` = p.`subcategory_id`;
--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO `products_fts` (`rowid`, `name`, `description`, `category`, `strain`, `effects`, `flavor`)
  VALUES (
    NEW.`id`, NEW.`name`, NEW.`description`,
    (SELECT `name` FROM `categories` WHERE `id` = NEW.`category_id`),
    coalesce((SELECT `name` FROM `categories` WHERE `id` = NEW.`subcategory_id`), '') || ' ' || coalesce(NEW.`strain_type`, ''),
    NEW.`effects`, coalesce(NEW.`flavor`, '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF `name`, `description`, `category_id`, `subcategory_id`, `strain_type`, `effects`, `flavor` ON `products` BEGIN
  DELETE FROM `products_fts` WHERE `rowid` = OLD.`id`;
  INSERT INTO `products_fts` (`rowid`, `name`, `description`, `category`, `strain`, `effects`, `flavor`)
  VALUES (
    NEW.`id`, NEW.`name`, NEW.`description`,
    (SELECT `name` FROM `categories` WHERE `id` = NEW.`category_id`),
    coalesce((SELECT `name` FROM `categories` WHERE `id` = NEW.`subcategory_id`), '') || ' ' || coalesce(NEW.`strain_type`, ''),
    NEW.`effects`, coalesce(NEW.`flavor`, '')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM `products_fts` WHERE `rowid` = OLD.`id`;
END;
