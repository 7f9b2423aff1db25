
    ALTER TABLE signing_keys
      ADD COLUMN sealed_private_jwk text NULL,
      ADD COLUMN activates_at timestamptz NOT NULL DEFAULT now(),
      ALTER COLUMN private_jwk DROP NOT NULL;
    UPDATE signing_keys SET activates_at = created_at;
    ALTER TABLE signing_keys
      ADD CONSTRAINT signing_keys_private_part CHECK (num_nonnulls(private_jwk, sealed_private_jwk) = 1);

    ALTER TABLE refresh_tokens ADD COLUMN session_started_at timestamptz NULL;
    UPDATE refresh_tokens t SET session_started_at = f.started_at
      FROM (SELECT family_id, min(created_at) AS started_at FROM refresh_tokens GROUP BY family_id) f
     WHERE f.family_id = t.family_id;
    ALTER TABLE refresh_tokens ALTER COLUMN session_started_at SET NOT NULL;
  