
      CREATE TABLE custom_field_definitions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        entity text NOT NULL,
        key text NOT NULL,
        label text NOT NULL,
        field_type text NOT NULL CHECK (field_type IN ('text', 'number', 'date', 'checkbox', 'dropdown')),
        options jsonb NOT NULL DEFAULT '[]'::jsonb,
        is_required boolean NOT NULL DEFAULT false,
        is_filterable boolean NOT NULL DEFAULT false,
        display_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT custom_field_definitions_tenant_entity_key UNIQUE (tenant_id, entity, key)
      );
    