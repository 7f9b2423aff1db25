
      -- api-contract §10: a converted lead stays converted, whichever code path (or plain SQL) writes it.
      -- Raised as a check violation naming the trigger, which updateLead answers with a 422.
      CREATE FUNCTION leads_converted_stays_converted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'A converted lead cannot change its status.'
          USING ERRCODE = 'check_violation', CONSTRAINT = 'leads_converted_stays_converted';
      END
      $$;
      CREATE TRIGGER leads_converted_stays_converted BEFORE UPDATE ON leads
        FOR EACH ROW WHEN (OLD.status = 'converted' AND NEW.status IS DISTINCT FROM 'converted')
        EXECUTE FUNCTION leads_converted_stays_converted();
    