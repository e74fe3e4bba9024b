-- Runs in the server: 500,000 sales become 96 rows, one a month and region.
SELECT date_trunc('month', sold_at AT TIME ZONE 'Europe/Berlin')::date AS month,
       region,
       count(*) AS sales,
       sum(total) AS revenue
FROM sales
GROUP BY 1, 2
ORDER BY 1, 2
