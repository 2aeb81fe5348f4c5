import type { SeedTexts } from "./types";

export const vi: SeedTexts = {
  homeMenus: {
    recharge: "Nạp tiền",
    withdraw: "Rút tiền",
    exchange: "Quy đổi",
    arbitrage: "Staking",
    trade: "Lên/Xuống",
    bills: "Sao kê",
    realname: "Xác minh danh tính",
    help: "Trợ giúp",
  },
  softMenus: {
    messages: "Tin nhắn",
    announcements: "Thông báo",
    help: "Trung tâm trợ giúp",
    ammhelp: "Cách staking hoạt động",
    language: "Ngôn ngữ",
  },
  help: {
    title: "Trung tâm trợ giúp",
    body: [
      "<h3>Cryptos là gì</h3>",
      "<p>Cryptos hiển thị giá thị trường và cho phép bạn đặt lệnh lên/xuống ngắn hạn, đăng ký sản phẩm staking, cũng như nạp, rút và quy đổi tiền. Khi máy chủ chạy thị trường mô phỏng, mọi màn hình giao dịch đều ghi rõ điều đó: giá được tạo ra, không lấy từ sàn giao dịch.</p>",
      "<h3>Lệnh lên/xuống</h3>",
      "<p>Bạn chọn cặp giao dịch, số tiền, hướng và thời điểm thanh toán. Số tiền được trừ khỏi số dư khả dụng khi lệnh được chấp nhận. Giá vào là giá đầu tiên được ghi nhận sau khi lệnh được chấp nhận; giá ra là giá cuối cùng được ghi nhận vào đúng hoặc trước thời điểm thanh toán.</p>",
      "<ul><li>Lên thắng khi giá ra cao hơn giá vào; xuống thắng khi giá ra thấp hơn.</li><li>Khi thắng, bạn nhận số tiền × (1 + tỷ lệ chi trả hiển thị trước khi bạn xác nhận).</li><li>Khi hòa, số tiền được hoàn lại cho bạn. Khi thua, số tiền không được hoàn lại.</li></ul>",
      "<p>Chi tiết lệnh hiển thị cả hai mức giá đã ghi nhận, để bạn có thể kiểm tra mọi kết quả.</p>",
      "<h3>Nạp và rút tiền</h3>",
      "<p>Tiền nạp được ghi có khi nhân viên vận hành đã kiểm tra giao dịch chuyển tiền. Rút tiền cần mã mà chúng tôi gửi cho bạn qua email; phí được hiển thị trước khi bạn xác nhận, và số tiền bị đóng băng cho đến khi lệnh rút hoàn tất hoặc bị từ chối.</p>",
      "<p>Địa chỉ rút tiền: khi chưa bật xác minh hai bước, bạn chỉ có thể rút về địa chỉ đã lưu trong sổ địa chỉ, và chỉ sau 24 giờ kể từ lúc lưu. Khoảng chờ này giúp bạn kịp nhận ra nếu có người khác thêm địa chỉ vào tài khoản của bạn. Khi bật xác minh hai bước, bạn có thể rút về bất kỳ địa chỉ nào ngay lập tức, xác nhận bằng mã từ ứng dụng xác thực.</p>",
      "<h3>Sao kê</h3>",
      "<p>Mỗi thay đổi trong số dư của bạn là một dòng trong sao kê, kèm theo số dư sau thay đổi đó.</p>",
    ],
  },
  ammhelp: {
    title: "Cách staking hoạt động",
    body: [
      "<h3>Sản phẩm staking</h3>",
      "<p>Mỗi sản phẩm nêu rõ loại tiền, lãi suất hằng ngày, số ngày, mức tối thiểu và tối đa cho mỗi lệnh, và hạn mức còn lại. Các điều khoản này được cố định cho lệnh của bạn khi bạn đăng ký.</p>",
      "<h3>Trong thời gian lưu ký</h3>",
      "<p>Tiền gốc của bạn được chuyển từ số dư khả dụng sang lưu ký. Khi đã tròn một ngày kể từ lúc bạn đăng ký, tiền lãi bằng tiền gốc × lãi suất ngày được ghi có vào số dư khả dụng của bạn, mỗi ngày một lần.</p>",
      "<h3>Khi đáo hạn</h3>",
      "<p>Sau tiền lãi của ngày cuối cùng, tiền gốc trở về số dư khả dụng và lệnh hiển thị là đã tất toán. Nếu dịch vụ từng bị gián đoạn, mỗi ngày bị bỏ lỡ sẽ được ghi có đúng một lần khi dịch vụ hoạt động trở lại.</p>",
    ],
  },
  welcome: {
    title: "Chào mừng đến với Cryptos",
    body: "<p>Máy chủ này chạy thị trường mô phỏng với tiền demo: giá được tạo ra, không lấy từ sàn giao dịch. Hãy thử một lệnh lên/xuống hoặc một sản phẩm staking; mọi kết quả đều có thể đối chiếu với các mức giá đã ghi nhận.</p>",
  },
};
