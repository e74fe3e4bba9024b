-- The example's warehouse: 500,000 invented sales over two years in four regions, made the
-- same way each time. Load it into a PostgreSQL database, then build the page that sums it
-- in the server (see Content/warehouse.md):
--
--   createdb warehouse && psql -d warehouse -f data/warehouse.sql
--   PGDATABASE=warehouse ttsite build --config ttsite.warehouse.yml --drafts
DROP TABLE IF EXISTS sales;
CREATE TABLE sales AS
SELECT g AS id,
       timestamptz '2024-01-01 08:00:00+00' + (g % 731) * interval '1 day' + (g % 600) * interval '1 minute' AS sold_at,
       (ARRAY['North', 'South', 'East', 'West'])[1 + g % 4] AS region,
       -- Each region its own size, and a season: more in December, less in summer.
       round(((10 + (g * 7919 % 10000) / 100.0) * (1 + 0.25 * (g % 4))
             * (1 + 0.2 * cos(2 * pi() * (g % 731) / 365.25)))::numeric, 2)::numeric(10, 2) AS total
FROM generate_series(1::bigint, 500000) g;
CREATE INDEX ON sales (sold_at);
ANALYZE sales;
