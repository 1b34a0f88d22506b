package storetest

import (
	"strings"
	"testing"
)

// Without the server's binaries a PostgreSQL test fails and says what to
// install (CI must not pass by skipping); the cluster helper works where
// they are.
func TestMissingBinariesNamed(t *testing.T) {
	t.Setenv(BinEnv, t.TempDir())
	_, err := StartPostgres()
	if err == nil || !strings.Contains(err.Error(), "apt-get install -y postgresql") || !strings.Contains(err.Error(), SkipEnv) {
		t.Fatalf("got %v", err)
	}
}

func TestClusterStartsAndStops(t *testing.T) {
	c := NewCluster(t)
	url, err := c.NewDatabase()
	if err != nil || !strings.Contains(url, c.dir) {
		t.Fatalf("%q %v", url, err)
	}
}
