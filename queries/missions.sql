-- Every crewed Apollo mission, in the order they flew: the rows of the mission pages and the
-- table of the Apollo report.
SELECT mission, launch, splashdown, commander, command_module_pilot, lunar_module_pilot,
       duration_hours, round(duration_hours / 24.0, 1) AS duration_days, landing_site, landing,
       surface_hours, samples_kg, notes
FROM apollo
ORDER BY launch
