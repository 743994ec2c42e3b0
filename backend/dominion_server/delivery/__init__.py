"""Turn notifications (issue 22): Web Push and signed webhooks on one delivery path.

The transport modules (``outbound``, ``webpush``, ``webhooks``) make and send
one request each; the outbox modules decide what to send and when:

- :mod:`.notices` decides which notices a saved change makes (facts only);
- :mod:`.outbox` records them in the command's transaction and claims them;
- :mod:`.messages` renders a notice in the target's language;
- :mod:`.worker` delivers (a ``flask deliver`` process, or a thread in the
  embedded server), and makes the due reminders and deadline notices;
- :mod:`.registry` keeps each seat's push subscriptions and webhooks.
"""
