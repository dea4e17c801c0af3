-- Hand-written (decision 0303): contact messages no longer keep the sender's IP address (nothing read it; the rate
-- limit counts it in rate_limits). The addresses stored so far are erased; the column stays, never written again.
UPDATE `contact_messages` SET `ip` = NULL WHERE `ip` IS NOT NULL;
