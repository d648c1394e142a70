//! Build-time configuration: the public origins, the flavour and deprecation, read from the
//! environment by `build.rs` (a map in tests) and checked, so a bad origin fails the build.

/// Build-time configuration: the public origins and the flavour.
#[derive(Debug, Clone)]
pub struct Config {
    /// {base_url}: the production API origin, no trailing slash.
    pub production_base: String,
    /// {sandbox_base_url}.
    pub sandbox_base: String,
    /// The other flavour's origin, when its variable was set: the production origin in the
    /// sandbox, the sandbox origin in production. The OpenAPI `servers` lists it after this
    /// flavour's own; a default standing in for an unset variable is not a server anyone runs.
    pub other_base: Option<String>,
    /// {auth_url}: the OAuth issuer origin.
    pub auth_url: String,
    /// The website origin of every content `url`.
    pub site_url: String,
    /// The public origin of the agent surfaces (the MCP servers, their cards, the AI catalog).
    pub agent_url: String,
    /// Building the sandbox flavour.
    pub sandbox: bool,
    /// The API description version (`info.version`).
    pub version: String,
    /// The API origin of this flavour: `sandbox_base` in the sandbox, else `production_base`.
    pub api_base: String,
    pub deprecation: Option<DeprecationConfig>,
    /// The day of the build (UTC): `SOURCE_DATE_EPOCH` if set, else the clock. It is the
    /// `lastmod` of pages whose content gives no date, and security.txt expires from it.
    pub build_date: super::date::Date,
}

/// Build-time deprecation settings; see `model::Deprecation`.
#[derive(Debug, Clone)]
pub struct DeprecationConfig {
    pub deprecation: String,
    pub sunset: Option<String>,
    pub link: String,
}

/// Reads the build configuration through `var` (the environment in `build.rs`, a map in
/// tests) and checks every value, so a bad origin fails the build with a clear message.
/// `now_unix_secs` is the clock, used only when `SOURCE_DATE_EPOCH` is unset.
pub fn config_from_env(
    var: impl Fn(&str) -> Option<String>,
    sandbox: bool,
    version: &str,
    local_origin: &str,
    now_unix_secs: u64,
) -> Result<Config, String> {
    let origin = |name: &str, default: &str| -> Result<String, String> {
        let value = var(name).unwrap_or_else(|| default.to_string());
        check_origin(&value).map_err(|why| format!("{name}=`{value}` is not an origin: {why}"))?;
        Ok(value)
    };
    let production_base = origin("CONSULTANCY_BASE_URL", local_origin)?;
    let sandbox_base = origin("CONSULTANCY_SANDBOX_BASE_URL", local_origin)?;
    let api_base = if sandbox { sandbox_base.clone() } else { production_base.clone() };
    let other_name = if sandbox { "CONSULTANCY_BASE_URL" } else { "CONSULTANCY_SANDBOX_BASE_URL" };
    let other_base = var(other_name)
        .map(|_| if sandbox { production_base.clone() } else { sandbox_base.clone() })
        .filter(|other| *other != api_base);
    let auth_url = origin("CONSULTANCY_AUTH_URL", &api_base)?;
    let site_url = origin("CONSULTANCY_SITE_URL", &api_base)?;
    let agent_url = origin("CONSULTANCY_AGENT_URL", &api_base)?;
    let deprecation = match var("CONSULTANCY_DEPRECATION") {
        None => None,
        Some(deprecation) => {
            let epoch = deprecation
                .strip_prefix('@')
                .and_then(|digits| digits.parse::<u64>().ok())
                .ok_or_else(|| format!("CONSULTANCY_DEPRECATION=`{deprecation}` must be `@` and Unix seconds (RFC 9745)"))?;
            let sunset = match var("CONSULTANCY_SUNSET") {
                None => None,
                Some(sunset) => {
                    let when = httpdate::parse_http_date(&sunset)
                        .map_err(|_| format!("CONSULTANCY_SUNSET=`{sunset}` must be an HTTP-date such as `Fri, 31 Dec 2027 23:59:59 GMT`"))?;
                    let secs = when
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.as_secs())
                        .unwrap_or(0);
                    if secs < epoch {
                        return Err("CONSULTANCY_SUNSET is earlier than CONSULTANCY_DEPRECATION (RFC 9745 section 4)".into());
                    }
                    Some(httpdate::fmt_http_date(when))
                }
            };
            let link = var("CONSULTANCY_DEPRECATION_LINK")
                .ok_or("CONSULTANCY_DEPRECATION needs CONSULTANCY_DEPRECATION_LINK, the migration documentation")?;
            Some(DeprecationConfig { deprecation, sunset, link })
        }
    };
    let build_secs = match var("SOURCE_DATE_EPOCH") {
        None => now_unix_secs,
        Some(text) => text.parse::<u64>().map_err(|_| {
            format!("SOURCE_DATE_EPOCH=`{text}` must be Unix seconds (reproducible-builds.org)")
        })?,
    };
    Ok(Config {
        production_base,
        sandbox_base,
        other_base,
        auth_url,
        site_url,
        agent_url,
        sandbox,
        version: version.to_string(),
        api_base,
        deprecation,
        build_date: super::date::Date::from_unix_secs(build_secs),
    })
}

/// An origin is `http(s)://host[:port]`: no path, no trailing slash, no query.
pub fn check_origin(value: &str) -> Result<(), &'static str> {
    let rest = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"))
        .ok_or("it must start with http:// or https://")?;
    if rest.is_empty() {
        return Err("the host is missing");
    }
    if rest.contains(['/', '?', '#', ' ', '"', '<', '>', '\\']) {
        return Err(
            "it must be scheme://host[:port] with no path, trailing slash, query or spaces",
        );
    }
    Ok(())
}
