// offline.html's retry: load the address again, by hand or as soon as the phone is back online.
const retry = () => window.location.reload();
document.getElementById('retry')?.addEventListener('click', retry);
window.addEventListener('online', retry);
