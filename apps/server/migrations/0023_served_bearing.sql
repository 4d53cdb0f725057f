ALTER TABLE "resources" ADD COLUMN "served_bearing" smallint;
--> statement-breakpoint
-- Backfill, once: a service area named "…（X方向）" serves the traffic heading for city X, so it gets the
-- initial great-circle bearing from the station to X. Names of cities not listed here, and every other
-- station, stay null (reachable from both directions); from now on the attribute is data, edited on the
-- station's form.
UPDATE "resources" AS r
SET "served_bearing" = (round(degrees(atan2(
    sin(radians(c.lng - r."longitude")) * cos(radians(c.lat)),
    cos(radians(r."latitude")) * sin(radians(c.lat))
      - sin(radians(r."latitude")) * cos(radians(c.lat)) * cos(radians(c.lng - r."longitude"))
  )) + 360)::integer % 360)::smallint
FROM (VALUES
    ('北京', 116.4074, 39.9042),
    ('天津', 117.2008, 39.0842),
    ('上海', 121.4737, 31.2304),
    ('重庆', 106.5516, 29.563),
    ('石家庄', 114.5149, 38.0428),
    ('太原', 112.5489, 37.8706),
    ('呼和浩特', 111.7492, 40.8426),
    ('沈阳', 123.4315, 41.8057),
    ('大连', 121.6147, 38.914),
    ('长春', 125.3235, 43.8171),
    ('哈尔滨', 126.5349, 45.8038),
    ('南京', 118.7969, 32.0603),
    ('无锡', 120.3119, 31.4912),
    ('苏州', 120.5853, 31.299),
    ('杭州', 120.1551, 30.2741),
    ('宁波', 121.5503, 29.8746),
    ('温州', 120.6994, 27.9943),
    ('合肥', 117.2272, 31.8206),
    ('福州', 119.2965, 26.0745),
    ('厦门', 118.0894, 24.4798),
    ('南昌', 115.8581, 28.6829),
    ('济南', 117.1201, 36.6512),
    ('青岛', 120.3826, 36.0671),
    ('郑州', 113.6254, 34.7466),
    ('武汉', 114.3054, 30.5931),
    ('长沙', 112.9388, 28.2282),
    ('广州', 113.2644, 23.1291),
    ('深圳', 114.0579, 22.5431),
    ('佛山', 113.1214, 23.0215),
    ('东莞', 113.7518, 23.0207),
    ('南宁', 108.3665, 22.817),
    ('海口', 110.1999, 20.044),
    ('成都', 104.0665, 30.5723),
    ('贵阳', 106.6302, 26.6477),
    ('昆明', 102.8329, 24.8801),
    ('拉萨', 91.1409, 29.6456),
    ('西安', 108.9398, 34.3416),
    ('兰州', 103.8343, 36.0611),
    ('西宁', 101.7782, 36.6171),
    ('银川', 106.2309, 38.4872),
    ('乌鲁木齐', 87.6168, 43.8256)
  ) AS c(name, lng, lat)
WHERE r."construction" = 11
  AND r."served_bearing" IS NULL
  AND substring(r."resource_name" from '（([^（）]+)方向）$') = c.name;
