-- A web form redirects a visitor only to a page on one of its own allowed origins (docs/security.md §10.4,
-- api-contract §8): a redirect anywhere else made our domain an open redirect. A stored redirect_url off the
-- form's origins (every one of a form open to any origin) is dropped, so what a GET shows is what a visitor
-- gets; the version moves on, so no client keeps the old form by its ETag. redirect_url is stored as a URL's
-- href (`https://www.example.com/thanks`), whose scheme and authority are its origin as allowed_origins
-- spells them (lower-case, no default port, no user info).
UPDATE web_forms
   SET redirect_url = NULL,
       version = version + 1,
       updated_at = now()
 WHERE redirect_url IS NOT NULL
   AND NOT (substring(redirect_url FROM '^[a-z][a-z0-9+.-]*://[^/?#]*') = ANY (allowed_origins));
