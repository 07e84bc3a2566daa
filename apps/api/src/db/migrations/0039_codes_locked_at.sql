-- The per-account limit on wrong second-factor codes (issue 31): when an account starts waiting after
-- too many wrong codes, whatever their addresses. It accepts no code for 15 minutes from then, and its
-- owner is e-mailed once: the one UPDATE that moves this date forward decides which of the simultaneous
-- refused attempts sends that e-mail (the others match no row).
ALTER TABLE "users" ADD COLUMN "codes_locked_at" timestamp with time zone;
