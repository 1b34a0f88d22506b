package storetest

import (
	"strings"
	"testing"

	"github.com/warroom/warroom/data"
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

// Each NewDatabase is a namespace of its own: the same channel is free
// in the next one.
func TestClusterDatabasesApart(t *testing.T) {
	c := NewCluster(t)
	for range 2 {
		url, err := c.NewDatabase()
		if err != nil {
			t.Fatal(err)
		}
		s, err := data.OpenPostgres(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if err := s.Create(t.Context(), &data.Table{Game: "g", ChannelID: "c", Status: data.StatusLobby}); err != nil {
			t.Fatal(err)
		}
	}
}
