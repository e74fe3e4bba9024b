SELECT region, count(*) AS sales, sum(total) AS revenue, min(sold_at) AS first_sale,
       array_agg(DISTINCT extract(year FROM sold_at AT TIME ZONE 'UTC')::int ORDER BY extract(year FROM sold_at AT TIME ZONE 'UTC')::int) AS years
FROM sales
GROUP BY region
