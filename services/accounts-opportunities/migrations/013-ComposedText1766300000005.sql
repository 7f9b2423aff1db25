
    UPDATE accounts SET
      name = normalize(name, NFC),
      industry = normalize(industry, NFC),
      website = normalize(website, NFC),
      email = normalize(email, NFC),
      phone = normalize(phone, NFC),
      billing_city = normalize(billing_city, NFC),
      billing_country = normalize(billing_country, NFC),
      tags = CASE WHEN EXISTS (SELECT 1 FROM unnest(tags) AS element WHERE element IS NOT NFC NORMALIZED)
        THEN ARRAY(
          SELECT element FROM (SELECT normalize(element, NFC) AS element, min(position) AS first_position
                               FROM unnest(tags) WITH ORDINALITY AS listed(element, position) GROUP BY 1) AS composed
          ORDER BY first_position)
        ELSE tags END
    WHERE name IS NOT NFC NORMALIZED
       OR industry IS NOT NFC NORMALIZED
       OR website IS NOT NFC NORMALIZED
       OR email IS NOT NFC NORMALIZED
       OR phone IS NOT NFC NORMALIZED
       OR billing_city IS NOT NFC NORMALIZED
       OR billing_country IS NOT NFC NORMALIZED
       OR EXISTS (SELECT 1 FROM unnest(tags) AS element WHERE element IS NOT NFC NORMALIZED);

    UPDATE opportunities SET
      name = normalize(name, NFC),
      tags = CASE WHEN EXISTS (SELECT 1 FROM unnest(tags) AS element WHERE element IS NOT NFC NORMALIZED)
        THEN ARRAY(
          SELECT element FROM (SELECT normalize(element, NFC) AS element, min(position) AS first_position
                               FROM unnest(tags) WITH ORDINALITY AS listed(element, position) GROUP BY 1) AS composed
          ORDER BY first_position)
        ELSE tags END
    WHERE name IS NOT NFC NORMALIZED
       OR EXISTS (SELECT 1 FROM unnest(tags) AS element WHERE element IS NOT NFC NORMALIZED);

    UPDATE tasks SET
      title = normalize(title, NFC),
      tags = CASE WHEN EXISTS (SELECT 1 FROM unnest(tags) AS element WHERE element IS NOT NFC NORMALIZED)
        THEN ARRAY(
          SELECT element FROM (SELECT normalize(element, NFC) AS element, min(position) AS first_position
                               FROM unnest(tags) WITH ORDINALITY AS listed(element, position) GROUP BY 1) AS composed
          ORDER BY first_position)
        ELSE tags END
    WHERE title IS NOT NFC NORMALIZED
       OR EXISTS (SELECT 1 FROM unnest(tags) AS element WHERE element IS NOT NFC NORMALIZED);