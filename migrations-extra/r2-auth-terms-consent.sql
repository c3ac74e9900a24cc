-- Terms consent for accounts made by release 1 (issue 8, item 8). Run once, after the
-- migration that adds users.terms_accepted_at and users.terms_version.
--
-- Release 1 wrote agree_to_terms = true for everyone. A password sign-up could not be
-- made without ticking the terms box, so its consent dates from its registration, against
-- the terms of 2025-06-30 (the only version there has been). A release-1 Google sign-up
-- never saw the terms: it is recognisable by its empty niche (the sign-up form requires
-- one), and its agree_to_terms becomes false until it accepts them.
UPDATE users
SET terms_accepted_at = registered, terms_version = '2025-06-30'
WHERE terms_accepted_at IS NULL AND niche <> '';

UPDATE users
SET agree_to_terms = false
WHERE terms_accepted_at IS NULL AND niche = '';
