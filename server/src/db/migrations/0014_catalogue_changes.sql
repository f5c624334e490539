-- Every process serving this database keeps the catalogue (content documents, prices and stock)
-- in memory; a change to it is announced on the channel catalogue_changed, which each process
-- LISTENs to and answers by dropping its copies (decision 053 addendum, issue 21 item 3).
-- Statement-level, so a seed or a checkout that writes many rows sends one notice; PostgreSQL
-- delivers it when the transaction commits, and folds repeats within a transaction into one.
CREATE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cms_documents_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_documents"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "skus_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "skus"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
