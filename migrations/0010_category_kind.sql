ALTER TABLE `categories` ADD `kind` text;--> statement-breakpoint
-- The six built-in categories carry the rules' names as their kind, so renaming one keeps its rules.
UPDATE `categories` SET `kind` = `name`
WHERE `parent_id` IS NULL AND `name` IN ('Flower', 'Edible', 'Pre-roll', 'Vaporizer', 'Concentrate', 'Accessories');
