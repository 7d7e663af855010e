#!/bin/sh
# Run by the nginx image's entrypoint before nginx starts: writes /etc/nginx/nginx.conf with the
# Content-Security-Policy for the console-config.json being served (a mounted one included). A
# console-config.json that is not a JSON object, or a Gateway address nginx cannot hold, stops
# the container here with the reason instead of serving a wrong policy.
set -eu
node /opt/console/render-nginx-conf.mjs \
  --root /usr/share/nginx/html \
  --listen "${CONSOLE_LISTEN:-8080}" \
  --access-log /dev/stdout \
  --out /etc/nginx/nginx.conf
echo "console: nginx.conf rendered for $(cat /usr/share/nginx/html/console-config.json 2>/dev/null | tr -d '\n' || echo 'no console-config.json')"
