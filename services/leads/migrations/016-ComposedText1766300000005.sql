
    UPDATE leads SET
      title = normalize(title, NFC),
      first_name = normalize(first_name, NFC),
      last_name = normalize(last_name, NFC),
      email = normalize(email, NFC),
      phone = normalize(phone, NFC),
      company_name = normalize(company_name, NFC),
      tags = CASE WHEN EXISTS (SELECT 1 FROM unnest(tags) AS element WHERE element IS NOT NFC NORMALIZED)
        THEN ARRAY(
          SELECT element FROM (SELECT normalize(element, NFC) AS element, min(position) AS first_position
                               FROM unnest(tags) WITH ORDINALITY AS listed(element, position) GROUP BY 1) AS composed
          ORDER BY first_position)
        ELSE tags END
    WHERE title IS NOT NFC NORMALIZED
       OR first_name IS NOT NFC NORMALIZED
       OR last_name IS NOT NFC NORMALIZED
       OR email IS NOT NFC NORMALIZED
       OR phone IS NOT NFC NORMALIZED
       OR company_name IS NOT NFC NORMALIZED
       OR EXISTS (SELECT 1 FROM unnest(tags) AS element WHERE element IS NOT NFC NORMALIZED);