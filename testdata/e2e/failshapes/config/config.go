package config

// Config is the tracker connection.
type Config struct {
	TrackerToken string
	TrackerURL   string
	CacheDir     string
}

// Load reads the configuration.
func Load() Config {
	return Config{
		TrackerToken: getEnv("TRACKER_TOKEN", ""),
		TrackerURL:   getEnv("TRACKER_URL", "https://tracker.example.com"),
		CacheDir:     getEnv("TRACKER_CACHE_DIR", "/var/cache/tracker"),
	}
}
