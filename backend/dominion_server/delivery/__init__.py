"""Turn alerts (issue 22): Web Push and signed webhooks on one delivery path.

- :mod:`.notices` decides which notices a saved change makes (facts only);
- :mod:`.outbox` records them in the command's transaction and claims them;
- :mod:`.messages` renders a notice in the target's language;
- :mod:`.worker` delivers (a ``flask deliver`` process, or a thread in the
  embedded server), and makes the due reminders and deadline notices;
- :mod:`.outbound`, :mod:`.webpush`, :mod:`.webhooks`: the transport (safe
  outbound HTTP, Web Push encryption and VAPID, Standard Webhooks signing).
"""
