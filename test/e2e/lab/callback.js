// Finishes a hosted sign-in: the platform redirected here with code and state.
await import('/__lab__/build/lab.js');
const output = document.getElementById('result');
try {
  const session = window.lab.make(sessionStorage.getItem('lab:apiBase'));
  const done = await session.finishRedirect(location.href);
  const { member } = await window.lab.getCurrentMember(session.client);
  output.textContent = JSON.stringify({ ok: true, done, role: session.role(), email: member.loginEmail });
} catch (error) {
  output.textContent = JSON.stringify({ ok: false, name: error.name, message: error.message });
}
