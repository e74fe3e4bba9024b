SELECT city, country, population, round(population / area_km2) AS density, founded
FROM cities
ORDER BY population DESC
