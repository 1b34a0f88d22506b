package discordtest

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// createDM is Create DM (developers/resources/user.mdx, POST
// /users/@me/channels {recipient_id}): the DM channel with a user, the
// same one on every call ("if one already exists, it will be returned
// instead"), shaped as the docs' "Example DM Channel".
func (s *Server) createDM(c *call) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := c.decode(&body); err != nil {
		c.fail(err, "")
		return
	}
	s.mu.Lock()
	u, ok := s.usersByID[body.RecipientID]
	if !ok {
		s.mu.Unlock()
		c.fail(&apiError{Status: 404, Code: 10013, Message: "Unknown User", kind: "unknown-user"}, "")
		return
	}
	id := s.dmOf(u.ID)
	s.mu.Unlock()
	c.reply(200, &discordgo.Channel{ID: id, Type: discordgo.ChannelTypeDM, Recipients: []*discordgo.User{u.discord()}})
}

// dmOf is the DM channel with a user, made on first use; s.mu held.
func (s *Server) dmOf(userID string) string {
	for _, ch := range s.channels {
		if ch.Type == discordgo.ChannelTypeDM && ch.Recipient == userID {
			return ch.ID
		}
	}
	id := s.newID()
	s.channels[id] = &channel{ID: id, Type: discordgo.ChannelTypeDM, Name: "dm-" + userID, Recipient: userID}
	return id
}

// CloseDMs makes a user refuse DMs from the bot, as a user does with
// "Allow direct messages from server members" off: a message to their DM
// channel gets 403 with code 50007, "Cannot send messages to this user"
// (developers/topics/opcodes-and-status-codes.mdx).
func (s *Server) CloseDMs(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.w.closedDMs == nil {
		s.w.closedDMs = map[string]bool{}
	}
	s.w.closedDMs[u.ID] = true
}

// DMs lists the messages the bot sent a user in their DM channel.
func (s *Server) DMs(u User) []Message {
	s.mu.Lock()
	id := s.dmOf(u.ID)
	s.mu.Unlock()
	return s.Messages(id)
}

// checkDMOpen refuses a message to a user who closed their DMs. It is
// Discord's answer to a valid request, so it is not recorded as a
// failure of the bot. s.mu held.
func (s *Server) checkDMOpen(channelID string) *apiError {
	ch := s.channels[channelID]
	if ch == nil || ch.Type != discordgo.ChannelTypeDM || !s.w.closedDMs[ch.Recipient] {
		return nil
	}
	return &apiError{Status: 403, Code: 50007, Message: "Cannot send messages to this user", kind: "dm-closed"}
}

// ownDMLocked refuses an interaction in a DM channel that is not the
// user's own with the bot: a DM is between the bot and its recipient, and
// only they see its messages. A DM channel a test named before anyone
// used it becomes that user's. s.mu held.
func (s *Server) ownDMLocked(u User, channelID string) error {
	ch := s.channels[channelID]
	if ch == nil || ch.Type != discordgo.ChannelTypeDM {
		return nil
	}
	if ch.Recipient == "" {
		ch.Recipient = u.ID
	}
	if ch.Recipient != u.ID {
		return fmt.Errorf("discordtest: %s cannot interact in the DM channel %s of another user", u.Username, channelID)
	}
	return nil
}
