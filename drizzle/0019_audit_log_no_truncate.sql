-- The audit trail's rows can neither be changed nor deleted (0015); TRUNCATE removes rows without
-- firing row triggers, so a statement trigger refuses it too. A role that owns audit_log (or is a
-- superuser) could still disable both: README, "Deploying", says which role must own them instead.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_immutable();
