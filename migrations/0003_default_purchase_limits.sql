-- D15 defaults. Reference data every database needs (production included), so it ships as a
-- migration rather than as demo seed data. 1 oz = 28.35 g. Staff re-verify them against the
-- sources and update last_verified when the law changes.
INSERT INTO `purchase_limits` (`state`, `kind`, `limit_amount`, `unit`, `source`, `last_verified`) VALUES
  ('MD', 'flower', 42.52, 'g', 'Md. Code, Alcoholic Beverages and Cannabis § 36-1102: personal use amount, 1.5 oz of usable cannabis (Maryland Cannabis Administration)', '2026-11-21'),
  ('MD', 'concentrate', 12, 'g', 'Md. Code, Alcoholic Beverages and Cannabis § 36-1102: 12 g of concentrated cannabis (Maryland Cannabis Administration)', '2026-11-21'),
  ('MD', 'edible_thc', 750, 'mg', 'Md. Code, Alcoholic Beverages and Cannabis § 36-1102: cannabis products containing up to 750 mg THC (Maryland Cannabis Administration)', '2026-11-21'),
  ('DC', 'flower', 56.7, 'g', 'D.C. Code § 48-904.01(a)(1) (Initiative 71): up to 2 oz of marijuana', '2026-11-21'),
  ('VA', 'flower', 28.35, 'g', 'Va. Code § 4.1-1100: up to 1 oz of marijuana for personal use', '2026-11-21');
