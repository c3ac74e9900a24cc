-- Run BEFORE the generated migration that adds mail_outbox.template/params (NOT NULL, no default).
-- Old rows hold rendered bodies with live links (issue 8, "Working links at rest") and cannot be
-- turned into a template and a user: they are deleted. A pending verification or reset mail at
-- upgrade time is lost; its user asks for a new one (the links it carried stop working anyway when
-- the next mail of that kind is sent).
DELETE FROM mail_outbox;
