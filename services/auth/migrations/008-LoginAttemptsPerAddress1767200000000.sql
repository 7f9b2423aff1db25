
    -- Failed logins are counted per client address, no longer per e-mail address alone: an address guessing at
    -- an account is slowed, then refused, and so is an address guessing at many; the account's owner, from an
    -- address that has not failed, still logs in. The counts per e-mail address go (they only last a window).
    DROP TABLE login_failures;

    -- One address's failed logins at one e-mail address, in a fixed window from its first failure; an attempt
    -- counts before its password is checked (a success deletes the row), so parallel guesses cannot slip past.
    CREATE TABLE login_failures_per_address_and_account (
      address text NOT NULL,
      email text NOT NULL,
      window_started_at timestamptz NOT NULL,
      failures integer NOT NULL,
      -- The pair's next attempt is refused (429) before this instant: the delay after its last failure.
      next_attempt_at timestamptz NOT NULL,
      PRIMARY KEY (address, email)
    );
    CREATE INDEX login_failures_per_address_and_account_window ON login_failures_per_address_and_account (window_started_at);

    -- One address's failed logins at any e-mail address, in a fixed window from its first failure.
    CREATE TABLE login_failures_per_address (
      address text PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      failures integer NOT NULL
    );
    CREATE INDEX login_failures_per_address_window ON login_failures_per_address (window_started_at);
  
