/* journal: the Share block's snippets select themselves on focus, and a Copy button beside each
   copies it. Without JavaScript the fields are still there to select and copy by hand. */
(function () {
  'use strict';

  function copy(field, button, labels, status) {
    var done = function () {
      button.textContent = labels.copied;
      status.textContent = labels.copied;
      window.setTimeout(function () { button.textContent = labels.copy; status.textContent = ''; }, 2000);
    };
    field.focus();
    field.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done, function () {
        if (document.execCommand('copy')) done();
      });
    } else if (document.execCommand('copy')) {
      done();
    }
  }

  function setup(block) {
    var labels = {
      copy: (block.getAttribute('data-label-copy') || '').trim() || 'Copy',
      copied: (block.getAttribute('data-label-copied') || '').trim() || 'Copied'
    };
    var status = document.createElement('span');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    block.appendChild(status);
    var fields = block.querySelectorAll('.share-field');
    Array.prototype.forEach.call(fields, function (row) {
      var field = row.querySelector('textarea');
      var label = row.querySelector('label');
      if (!field || !label) return;
      field.addEventListener('focus', function () { field.select(); });
      field.addEventListener('mouseup', function (event) { event.preventDefault(); });
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'share-copy';
      button.textContent = labels.copy;
      button.setAttribute('aria-label', labels.copy + ': ' + label.textContent + ', ' +
        (row.closest('.share-item').querySelector('.share-label a') || label).textContent);
      button.addEventListener('click', function () { copy(field, button, labels, status); });
      row.classList.add('has-copy');
      row.insertBefore(button, field);
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll('[data-share]'), setup);
})();
