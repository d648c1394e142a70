-- wrk script: POST the JSON file named by WRK_BODY to the URL given on the command line.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("WRK_BODY"), "rb"))
wrk.body = file:read("*a")
file:close()
