-- Sessions: every change that can end or alter a session (a token revoked, shortened or deleted; a
-- user deactivated, deleted, renamed or given other habilitations) says so on the `sessions` channel,
-- with the user's id, when its transaction commits. An instance that keeps sessions in memory
-- (auth/session-cache.ts) forgets that user's at once; a rolled-back change says nothing.
CREATE FUNCTION "notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The trigger's argument names the column holding the user's id.
  PERFORM pg_notify('sessions', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "access_tokens_session_change" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE
  ON "access_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "users_session_change" AFTER UPDATE OF "etat", "habilitations", "nom", "prenom" OR DELETE
  ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_session_change"('id');
